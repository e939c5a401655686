// Phone numbers (docs/product.md#phone-numbers): the problems every phone field shares. Each field
// keeps its own spec texts for an empty number, a wrong length and letters (checkoutFieldMessages, contactMessages).
export const phoneMessages = {
  notUae: 'Please enter a UAE number, starting with 05 or +971',
  notMobile: 'Please enter a UAE mobile number, such as 050 123 4567',
} as const;
