// The address form's choices and limits, zod-free so the browser's address form renders without the
// validation library (docs/decisions/0042-page-weight.md); checkout.ts re-exports them for the schema.
export const EMIRATES = ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'] as const;
export const ADDRESS_TYPES = ['Home', 'Work', 'Other'] as const;
export const PO_BOX_MAX_DIGITS = 5;
