// Accessibility at 390 px: no serious or critical axe violations (WCAG 2.0/2.1 A and AA) on
// the main pages and in their dialogs. The checks are shared with a11y.spec.ts (axe.helpers.ts).
import { describeAccessibilityChecks } from './axe.helpers';

describeAccessibilityChecks('accessibility (390 px)');
