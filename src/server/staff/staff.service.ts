// STAND-IN until the lead's back-office foundation lands on main: only the type the inbox's
// services take. Replaced by main's file at the merge.
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: 'admin' | 'staff';
}
