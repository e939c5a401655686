// The staff's order list, its CSV export and the dashboard (docs/decisions/0036-admin-order-list.md),
// called as the world's admin by the contract test.
import type { Contract } from '@/domain/api/index';
import type { Examples } from './world';

export const adminOrderListExamples: Examples<Contract['adminOrderList']> = {
  list: () => ({ query: { q: '', delivery_status: 'pending', sort: 'total_desc', page: 1, per_page: 25 } }),
  csv: () => ({ query: { payment_type: 'cash_on_delivery', from: '2026-01-01' } }),
};

export const adminDashboardExamples: Examples<Contract['adminDashboard']> = {
  get: () => ({}),
};
