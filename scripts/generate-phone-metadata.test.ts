// The UAE's phone metadata in src/domain is the installed libphonenumber-js's (docs/decisions/0027-phone-numbers.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PHONE_METADATA, generatedPhoneMetadataSource } from './generate-phone-metadata';

describe('src/domain/phone-metadata.gen.ts', () => {
  it('is what npm run phone:metadata writes from the installed libphonenumber-js', async () => {
    expect(readFileSync(GENERATED_PHONE_METADATA, 'utf8')).toBe(await generatedPhoneMetadataSource());
  });
});
