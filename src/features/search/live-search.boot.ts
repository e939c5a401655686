// Imported once by the header's script: each <live-search> around a header search box becomes a
// live search.
import { defineElement } from '@/client/scoped-element';
import { LiveSearch } from './live-search';

defineElement('live-search', LiveSearch);
