// The line under a product's name on cards and in the live search (docs/product.md#product-card):
// the model and the colour, read out to screen readers before the SKU and beside the colour dot.
export const productLineTexts = {
  model: 'Model',
  colour: (name: string) => `Colour: ${name}`,
} as const;
