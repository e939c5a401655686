// An order's own copy of its delivery location form (docs/decisions/0026-delivery-form-per-order.md): taken
// when the order is placed, stored as JSON with the API's field names like the address snapshot,
// and read back in the shape of the form, so the customer's later forms never change a past order.
import type { DeliveryForm } from '@/server/addresses/address.service';
import { deliveryFormJson } from '@/server/addresses/address.wire';

/**
 * The delivery location form as an order keeps it: a copy taken when it was placed, with the API's
 * field names (docs/decisions/0026-delivery-form-per-order.md); the customer's later forms never change it.
 */
export interface DeliveryDetailsSnapshot {
  id: number;
  contact_name: string;
  contact_number: string;
  /** yyyy-mm-dd: the date the shopper chose, which is also the order's expected date. */
  date_of_delivery: string;
  available_timing: string;
  remarks: string | null;
  lift_available: 'Yes' | 'No';
  no_of_floors: number | null;
  pass_required: 'Yes' | 'No';
}

/** The delivery details an order was placed with, as the pages and the wire read them. */
export type DeliveryDetails = Omit<DeliveryForm, 'userId' | 'createdAt'>;

/** The copy an order keeps: the form in the API's field names, as the cart answers it. */
export function deliverySnapshot(form: DeliveryForm): DeliveryDetailsSnapshot {
  return deliveryFormJson(form);
}

/** An order's delivery details (its own copy), or null when it needed none. */
export function deliveryDetailsOf(order: { deliveryDetails: unknown }): DeliveryDetails | null {
  const d = order.deliveryDetails as DeliveryDetailsSnapshot | null;
  if (!d) return null;
  return {
    id: d.id,
    contactName: d.contact_name,
    contactNumber: d.contact_number,
    dateOfDelivery: d.date_of_delivery,
    availableTiming: d.available_timing,
    remarks: d.remarks,
    liftAvailable: d.lift_available,
    noOfFloors: d.no_of_floors,
    passRequired: d.pass_required,
  };
}
