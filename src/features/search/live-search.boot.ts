// Imported once by the header's script: turns both header search boxes into live searches.
import { enhanceAllLiveSearches } from './live-search';

enhanceAllLiveSearches();
