// Texts for input that no form would send: control characters, numbers out of range, values the
// database cannot hold (docs/decisions/0016-hostile-input.md). Shared by the schemas and the API.
export const inputMessages = {
  controlCharacters: 'Must not contain control characters',
  singleLine: 'Must be a single line without control characters',
  wholeNumber: 'Must be a whole number',
  atLeast: (min: number) => `Must be at least ${min}`,
  atMost: (max: number) => `Must be at most ${max}`,
  invalidId: 'Must be a valid id',
  invalidValue: 'Some of the values sent are not valid',
  invalidPath: 'The address of this request is not valid',
} as const;
