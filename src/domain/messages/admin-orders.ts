// The back office's orders list, its CSV export and the dashboard (docs/product.md#back-office-dashboard-and-orders-list).
export const adminOrdersMessages = {
  dateFormat: 'Enter a date as yyyy-mm-dd.',
  toBeforeFrom: 'The last day must not be before the first.',
  searchTooLong: 'Search for at most 100 characters.',
  unknownValue: 'Choose one of the offered values.',
};

export const paymentStatusLabels = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
} as const;

export const paymentTypeLabels = {
  online: 'Card',
  cash_on_delivery: 'Cash on delivery',
} as const;

export const adminOrdersTexts = {
  title: 'Orders',
  intro: 'Find an order by its number, the customer, an e-mail or a phone number.',
  search: 'Search',
  searchPlaceholder: 'Order no., name, e-mail or phone',
  searchButton: 'Search',
  filters: 'Filters',
  deliveryStatus: 'Delivery status',
  paymentStatus: 'Payment status',
  paymentType: 'Payment type',
  any: 'Any',
  from: 'From',
  to: 'To',
  sort: 'Sort by',
  sorts: {
    date_desc: 'Newest first',
    date_asc: 'Oldest first',
    total_desc: 'Highest total',
    total_asc: 'Lowest total',
    id_desc: 'Order no., high to low',
    id_asc: 'Order no., low to high',
  },
  perPage: 'Per page',
  apply: 'Apply',
  clear: 'Clear all',
  export: 'Export CSV',
  exportLabel: 'Export the matching orders as CSV',
  count: (n: number, capped: boolean) =>
    capped ? `${n.toLocaleString('en-US')}+ orders` : `${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`,
  empty: 'No order matches.',
  tableLabel: 'Orders',
  order: 'Order',
  orderNo: (id: number) => `#${id}`,
  openOrder: (id: number) => `Open order #${id}`,
  date: 'Date',
  customer: 'Customer',
  contact: 'Contact',
  payment: 'Payment',
  delivery: 'Delivery',
  items: 'Items',
  total: 'Total',
  refunded: (amount: string) => `${amount} refunded`,
  awaitingPayment: 'Awaiting payment',
};

/** The CSV export's header row, in its column order. */
export const adminOrdersCsvHeader = [
  'Order',
  'Date',
  'Customer',
  'E-mail',
  'Phone',
  'Emirate',
  'Payment type',
  'Payment status',
  'Delivery status',
  'Items',
  'Sub total (AED)',
  'Discount (AED)',
  'VAT (AED)',
  'Total (AED)',
  'Refunded (AED)',
] as const;

export const adminDashboardTexts = {
  title: 'Dashboard',
  today: 'Today',
  thisMonth: 'This month',
  orders: (n: number) => `${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`,
  revenue: 'Revenue',
  revenueNote: 'Paid orders placed in the period, less refunds.',
  waiting: 'Orders waiting for action',
  waitingLabels: { pending: 'To ship', shipped: 'Shipped, not on the way yet', ontheway: 'On the way' },
  lowStock: 'Low stock',
  lowStockNone: 'No product is running low.',
  lowStockLeft: (n: number) => `${n} left`,
  unreadMessages: 'Unread messages',
  viewOrders: 'View orders',
  viewMessages: 'Open the inbox',
};
