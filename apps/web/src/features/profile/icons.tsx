import { icon } from '../../components/icons';

// This feature's own icons: in its chunks, not in the first load's shared icons.

export const CameraIcon = icon(
  'M14.5 4h-5L7.5 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3.5Z',
  <circle cx="12" cy="13" r="3.5" />,
);

export const MonitorIcon = icon(
  <rect x="2" y="3" width="20" height="14" rx="2" />,
  'M8 21h8M12 17v4',
);

export const SmartphoneIcon = icon(
  <rect x="5" y="2" width="14" height="20" rx="2" />,
  'M12 18h.01',
);
