// /admin/home's island (docs/decisions/0050-home-blocks.md): one section a block of the home page,
// each with its own Save, checked with the server's own schema before sending and by the server
// again; a save carries the version the section showed (409: someone saved it since, Reload).
// Every section keeps its own edits: saving one never resets another's.
import { toHomeModel, type AdminHomeWire } from '@/client/api/admin-home';
import { HOME_SLIDE_BLOCKS } from '@/domain/home-blocks';
import { SlidesSection } from './SlidesSection';
import { FeaturedSection } from './FeaturedSection';
import { BrandsSection } from './BrandsSection';
import { OfferSection } from './OfferSection';

export default function HomeEditor({ home }: { home: AdminHomeWire }) {
  const model = toHomeModel(home);
  return (
    <div className="flex flex-col gap-6">
      {HOME_SLIDE_BLOCKS.map((block) => (
        <SlidesSection key={block} block={block} initial={model.slides[block]} version={model.versions[block]} />
      ))}
      <FeaturedSection initial={model.featured} version={model.versions.featured} />
      <BrandsSection brands={model.brands} initial={model.topBrandIds} version={model.versions.brands} />
      <OfferSection initial={model.offer} version={model.versions.offer} />
    </div>
  );
}
