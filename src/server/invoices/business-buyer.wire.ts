// The business details, model -> wire (docs/architecture.md#the-api-contract).
import type { z } from 'zod';
import type { businessBuyerWire } from '@/domain/api/accounts';
import type { BusinessBuyer } from '@/domain/business-buyer';

export function businessBuyerJson(b: BusinessBuyer | null): z.input<typeof businessBuyerWire> {
  return { company_name: b?.company ?? null, company_trn: b?.trn ?? null };
}
