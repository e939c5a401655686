import { afterEach, describe, expect, it } from 'vitest';
import { pdfText, requirePoppler } from './poppler';

describe('the PDF tests without poppler-utils', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('fail and say how to install it, never skip', () => {
    process.env.PATH = '/nonexistent';
    expect(() => requirePoppler()).toThrow(/apt-get install -y poppler-utils/);
    expect(() => pdfText(new Uint8Array())).toThrow(/poppler-utils/);
  });
});
