// A notification that stays until the shopper closes it (docs/product.md#validation: 'Please Fill Delivery
// Location Details' is shown persistently with a Close button), unlike the toasts. It sits at the
// bottom, above the chat button on phones, so the toasts at the top never cover it.
import { useEffect } from 'react';
import { checkoutTexts } from '@/domain/messages/checkout';
import { StrokeIcon } from '@/client/StrokeIcon';

export function PersistentNotice({ message, onClose }: { message: string; onClose: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-24 z-[60] flex justify-center px-4 sm:bottom-6">
      <div
        role="alert"
        className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 shadow-xl"
        data-testid="persistent-notice"
      >
        <StrokeIcon
          path="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01"
          className="mt-0.5 h-5 w-5 shrink-0 text-amber-600"
        />
        <p className="flex-1 text-sm font-semibold">{message}</p>
        <button
          type="button"
          onClick={onClose}
          className="-m-1 shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-amber-900 underline-offset-2 hover:bg-amber-100 hover:underline"
        >
          {checkoutTexts.notification.close}
        </button>
      </div>
    </div>
  );
}
