import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError, ValidationError } from '@/server/errors';
import { DEFAULT_BODY_LIMIT, dirtyFields, fieldErrorsOf, parseWith, readBody } from './http';
import { z } from 'zod';

/** A body streamed in chunks, with no Content-Length, as a chunked upload arrives. */
function streamed(totalBytes: number, type = 'application/json'): Request {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(16 * 1024, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return new Request('http://shop.test/api/x', { method: 'POST', body, headers: { 'content-type': type }, duplex: 'half' } as RequestInit);
}

describe('readBody', () => {
  it('reads JSON and both form encodings', async () => {
    const json = new Request('http://shop.test/', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(await readBody(json)).toEqual({ a: 1 });
    const form = new Request('http://shop.test/', { method: 'POST', body: new URLSearchParams({ b: '2' }) });
    expect(await readBody(form)).toEqual({ b: '2' });
    const data = new FormData();
    data.append('c', '3');
    expect(await readBody(new Request('http://shop.test/', { method: 'POST', body: data }))).toEqual({ c: '3' });
  });

  it('refuses a body over the limit, declared or streamed, with 413', async () => {
    const declared = new Request('http://shop.test/', {
      method: 'POST',
      body: 'x'.repeat(DEFAULT_BODY_LIMIT + 1),
      headers: { 'content-type': 'application/json' },
    });
    await expect(readBody(declared)).rejects.toBeInstanceOf(PayloadTooLargeError);
    await expect(readBody(streamed(DEFAULT_BODY_LIMIT * 4))).rejects.toThrow('The request is too large: send at most 64 KB');
    // Just under the limit passes the size check and reaches the parser.
    await expect(readBody(streamed(DEFAULT_BODY_LIMIT - 10))).rejects.toBeInstanceOf(ValidationError);
    await expect(readBody(streamed(3 * 1024 * 1024, 'multipart/form-data; boundary=x'), { maxBytes: 2 * 1024 * 1024 })).rejects.toThrow(
      'send at most 2 MB',
    );
  });

  it('refuses other content types and malformed JSON with 422', async () => {
    await expect(
      readBody(new Request('http://shop.test/', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      readBody(new Request('http://shop.test/', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })),
    ).rejects.toThrow('The request body could not be read');
    await expect(
      readBody(new Request('http://shop.test/', { method: 'POST', body: '[1]', headers: { 'content-type': 'application/json' } })),
    ).rejects.toThrow('must be a JSON object');
  });
});

describe('field errors keyed by the input', () => {
  // Found by the hostile-input fuzz (seed 486263098): a field named like one of Object's methods
  // made the error table call `push` on that method, and the request answered 500.
  it("names a field called 'constructor' or 'toString' like any other", () => {
    expect(dirtyFields({ constructor: 'a\u0001b', toString: { valueOf: 'c\u0000' } })).toEqual({
      constructor: [expect.any(String)],
      'toString.valueOf': [expect.any(String)],
    });
    const parsed = z.object({ constructor: z.string(), hasOwnProperty: z.number() }).safeParse({});
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(Object.keys(fieldErrorsOf(parsed.error)).sort()).toEqual(['constructor', 'hasOwnProperty']);
  });

  it('refuses such a body with a 422 naming the field, not a TypeError', () => {
    let refused: unknown;
    try {
      parseWith(z.object({ order_id: z.number() }), { order_id: 1, constructor: '\u0007' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields).toHaveProperty('constructor');
  });
});
