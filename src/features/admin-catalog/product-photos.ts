// The photo manager's behaviour (src/components/admin/ProductPhotos.astro,
// docs/decisions/0046-product-photos.md): files dropped on the zone or picked are uploaded one after
// another; the buttons move a photo, make it the thumbnail or delete it. Every answer carries the
// product's photos as they now are, and the list is drawn again from it (keyed rows, so the focus
// stays on the button just used).
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toProductPhoto, type ProductPhotoModel, type ProductPhotoWire } from '@/client/api/admin-catalog';
import { ScopedElement } from '@/client/scoped-element';
import { showToast } from '@/client/toast';
import { adminPhotoTexts as t } from '@/domain/messages/admin-catalog';

type Action = 'earlier' | 'later' | 'thumbnail' | 'delete';

/** The order after moving `id` one place by `step` (-1 earlier, +1 later). */
export function movedOrder(ids: number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const order = [...ids];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

export class ProductPhotos extends ScopedElement {
  private photos: ProductPhotoModel[] = [];
  private busy = false;

  protected connect(): void {
    const productId = Number(this.dataset.productId);
    const wire: ProductPhotoWire[] = JSON.parse(this.find('[data-photo-data]')?.textContent ?? '[]');
    this.draw(wire.map(toProductPhoto));

    const input = this.one<HTMLInputElement>('[data-photo-input]');
    const zone = this.one('[data-drop]');
    this.listen(input, 'change', () => {
      const files = [...(input.files ?? [])];
      input.value = '';
      void this.upload(productId, files);
    });
    this.listen(zone, 'dragover', (event) => {
      event.preventDefault();
      zone.dataset.over = '';
    });
    this.listen(zone, 'dragleave', () => delete zone.dataset.over);
    this.listen(zone, 'drop', (event) => {
      event.preventDefault();
      delete zone.dataset.over;
      void this.upload(productId, [...(event.dataTransfer?.files ?? [])]);
    });
    this.listen(this, 'click', (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-action]') : null;
      const row = button?.closest<HTMLElement>('[data-photo]');
      if (!button || !row) return;
      void this.act(productId, Number(row.dataset.photo), button.dataset.action as Action);
    });
  }

  private status(text: string): void {
    this.one('[data-photo-status]').textContent = text;
  }

  private error(text: string | null): void {
    const alert = this.one('[data-photo-error]');
    alert.textContent = text ?? '';
    alert.classList.toggle('hidden', !text);
  }

  private async upload(productId: number, files: File[]): Promise<void> {
    if (this.busy || files.length === 0) return;
    this.busy = true;
    this.error(null);
    const problems: string[] = [];
    for (const file of files) {
      this.status(t.uploading(file.name));
      const form = new FormData();
      form.append('photo', file);
      const answer = await call(endpoints.adminCatalog.uploadPhoto, { params: { id: productId }, form });
      if (answer.ok && answer.data) this.draw(answer.data.map(toProductPhoto));
      else problems.push(`${file.name}: ${answer.fields.photo ?? answer.message ?? t.failed}`);
      if (answer.ok) this.status(answer.message ?? '');
    }
    this.busy = false;
    this.error(problems.length > 0 ? problems.join('\n') : null);
    if (problems.length > 0) this.status('');
  }

  private async act(productId: number, photoId: number, action: Action): Promise<void> {
    if (this.busy) return;
    if (action === 'delete' && !confirm(t.confirmDelete)) return;
    this.busy = true;
    this.error(null);
    const ids = this.photos.map((p) => p.id);
    const params = { id: productId, photo: photoId };
    const answer =
      action === 'thumbnail'
        ? await call(endpoints.adminCatalog.chooseThumbnail, { params })
        : action === 'delete'
          ? await call(endpoints.adminCatalog.deletePhoto, { params })
          : await call(endpoints.adminCatalog.reorderPhotos, {
              params: { id: productId },
              body: { photo_ids: movedOrder(ids, photoId, action === 'earlier' ? -1 : 1) },
            });
    this.busy = false;
    if (answer.ok && answer.data) {
      this.draw(answer.data.map(toProductPhoto));
      showToast(answer.message ?? '');
      this.status(answer.message ?? '');
      // The button used may now be disabled or gone: keep the focus in the list.
      const row = this.find<HTMLElement>(`[data-photo="${photoId}"]`);
      const again = row?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not([disabled]):not(.hidden)`);
      (again ?? row?.querySelector<HTMLButtonElement>('button:not([disabled]):not(.hidden)'))?.focus();
    } else {
      this.error(answer.message ?? t.failed);
    }
  }

  /** Draws the list: one row per photo from the template, rows kept by id. */
  private draw(photos: ProductPhotoModel[]): void {
    this.photos = photos;
    const list = this.one('[data-photo-list]');
    const template = this.one<HTMLTemplateElement>('[data-photo-row]');
    const existing = new Map([...list.querySelectorAll<HTMLElement>(':scope > [data-photo]')].map((row) => [row.dataset.photo, row]));
    const rows = photos.map((photo, i) => {
      const row = existing.get(String(photo.id)) ?? (template.content.firstElementChild!.cloneNode(true) as HTMLElement);
      row.dataset.photo = String(photo.id);
      const img = row.querySelector<HTMLImageElement>('[data-photo-image]')!;
      const label = t.photoAlt(i + 1);
      if (img.dataset.link !== photo.imageLink) {
        img.dataset.link = photo.imageLink;
        img.srcset = photo.photo?.jpgSrcset ?? '';
        img.sizes = photo.photo ? '(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw' : '';
        img.src = photo.imageLink;
        img.width = photo.photo?.width ?? 800;
        img.height = photo.photo?.height ?? 800;
      }
      img.alt = label;
      row.querySelector('[data-photo-size]')!.textContent = photo.photo ? t.size(photo.photo.width, photo.photo.height) : t.drawn;
      row.querySelector('[data-photo-thumbnail]')!.classList.toggle('hidden', i > 0);
      for (const button of row.querySelectorAll<HTMLButtonElement>('[data-action]')) {
        const action = button.dataset.action as Action;
        button.setAttribute('aria-label', `${button.textContent?.trim()}: ${label}`);
        button.disabled = (action === 'earlier' && i === 0) || (action === 'later' && i === photos.length - 1);
        button.classList.toggle('hidden', action === 'thumbnail' && i === 0);
      }
      return row;
    });
    list.replaceChildren(...rows);
    this.one('[data-photo-empty]').classList.toggle('hidden', photos.length > 0);
  }
}
