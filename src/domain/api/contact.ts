// The contact page's message to the shop (docs/product.md#contact).
import { z } from '@/domain/zod';
import { contactSchema } from '@/domain/contact';
import { defineEndpoint } from './endpoint';
import { wireId } from './wire';

export const contactApi = {
  send: defineEndpoint({
    method: 'POST',
    path: 'contact',
    summary: 'Contact message to the shop (JSON, URL-encoded or multipart)',
    auth: 'public',
    body: contactSchema,
    answer: z.strictObject({ id: wireId }),
  }),
};
