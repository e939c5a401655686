// The shared modal dialog's own words (src/client/Modal.tsx: account dialogs, coupon picker).
export const dialogTexts = {
  close: 'Close',
} as const;
