// Coupons in wire form (docs/architecture.md#the-api-contract): the one rule in
// src/domain/coupon-wire.ts, fed from the server's coupon row.
import type { z } from 'zod';
import type { couponWire } from '@/domain/api/cart';
import { couponToWire } from '@/domain/coupon-wire';
import type { Coupon } from '@/server/coupons/coupon.service';

export function couponJson(c: Coupon): z.input<typeof couponWire> {
  return couponToWire({ ...c, endDate: c.endDate.toISOString() });
}
