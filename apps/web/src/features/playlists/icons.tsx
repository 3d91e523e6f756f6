import { icon } from '../../components/icons';

// This feature's own icons: in its chunks, not in the first load's shared icons.

export const ListPlusIcon = icon('M3 6h12M3 12h12M3 18h8M18 15v6M15 18h6');

export const ClockIcon = icon(<circle cx="12" cy="12" r="9" />, 'M12 7v5l3 2');
