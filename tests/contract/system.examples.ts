import type { Contract } from '@/domain/api/index';
import type { Examples } from './world';

export const systemExamples: Examples<Contract['system']> = {
  health: () => ({}),
  openApi: () => ({}),
};
