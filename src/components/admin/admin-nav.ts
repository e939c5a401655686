// The back office's sections, in menu order (docs/product.md#back-office): the layout's menu and
// the test that walks every admin page read this list. `admin: true` sections are for admins only.
import type { StaffRole } from '@/domain/staff';

export interface AdminSection {
  key: string;
  label: string;
  href: string;
  admin?: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'dashboard', label: 'Dashboard', href: '/admin' },
  { key: 'orders', label: 'Orders', href: '/admin/orders' },
  { key: 'messages', label: 'Messages', href: '/admin/messages' },
  { key: 'subscribers', label: 'Subscribers', href: '/admin/subscribers' },
  { key: 'reviews', label: 'Reviews', href: '/admin/reviews' },
  { key: 'audit', label: 'Audit log', href: '/admin/audit', admin: true },
  { key: 'staff', label: 'Staff', href: '/admin/staff', admin: true },
];

export function sectionsFor(role: StaffRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => !section.admin || role === 'admin');
}
