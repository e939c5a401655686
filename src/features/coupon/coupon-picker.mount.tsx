// Opens the 'Select coupon' popup (a React dialog) from the cart's coupon box, which is not React:
// loaded with import() on the first click, so the cart page loads no React before it
// (docs/decisions/0042-page-weight.md). The popup portals itself under <body>; this root only
// holds it while it is open.
import { createRoot } from 'react-dom/client';
import { CouponPicker } from './CouponPicker';

export function openCouponPicker(onChoose: (code: string) => void, onClose: () => void = () => {}): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
  };
  root.render(
    <CouponPicker
      onClose={() => {
        close();
        onClose();
      }}
      onChoose={(code) => {
        close();
        onChoose(code);
      }}
    />,
  );
}
