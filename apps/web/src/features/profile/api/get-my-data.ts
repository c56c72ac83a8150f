import type { MyData } from '@plinth/domain/account';
import { api } from '../../../lib/api-client';

/** The person's own records for 'Download my data'; fetched on demand, never cached. */
export const getMyData = () => api<MyData>('/users/me/data');
