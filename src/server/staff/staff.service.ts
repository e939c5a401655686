// Stand-in until the back-office foundation lands on main (the lead's file replaces this one).
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: 'admin' | 'staff';
}
