// Phone numbers (docs/product.md#phone-numbers): the problems every phone field shares. Each field
// keeps its own spec texts for an empty or wrong-length number (checkoutFieldMessages, contactMessages).
export const phoneMessages = {
  digitsOnly: (label: string) => `${label} must contain digits only`,
  notUae: 'Please enter a UAE number, starting with 05 or +971',
  notMobile: 'Please enter a UAE mobile number, such as 050 123 4567',
} as const;
