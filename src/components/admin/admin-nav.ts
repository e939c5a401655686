// The back office's sections, in menu order (docs/product.md#back-office): the layout's menu and
// the test that walks every admin page read this list. `admin: true` sections are for admins only.
import type { StaffRole } from '@/domain/staff';
import { backOfficeTexts } from '@/domain/messages/staff';

const label = backOfficeTexts.sections;

export interface AdminSection {
  key: string;
  label: string;
  href: string;
  admin?: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'dashboard', label: label.dashboard, href: '/admin' },
  { key: 'orders', label: label.orders, href: '/admin/orders' },
  { key: 'invoices', label: label.invoices, href: '/admin/invoices' },
  { key: 'products', label: label.products, href: '/admin/products' },
  { key: 'coupons', label: label.coupons, href: '/admin/coupons' },
  { key: 'categories', label: label.categories, href: '/admin/categories' },
  { key: 'brands', label: label.brands, href: '/admin/brands' },
  { key: 'seo', label: label.seo, href: '/admin/seo' },
  { key: 'home', label: label.home, href: '/admin/home' },
  { key: 'messages', label: label.messages, href: '/admin/messages' },
  { key: 'subscribers', label: label.subscribers, href: '/admin/subscribers' },
  { key: 'reviews', label: label.reviews, href: '/admin/reviews' },
  { key: 'audit', label: label.audit, href: '/admin/audit', admin: true },
  { key: 'staff', label: label.staff, href: '/admin/staff', admin: true },
];

export function sectionsFor(role: StaffRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => !section.admin || role === 'admin');
}
