import { Icon, type IconProps } from '../../components/icons';

// This feature's own icons: in its chunks, not in the first load's shared icons.

export const ListPlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 6h12M3 12h12M3 18h8M18 15v6M15 18h6" />
  </Icon>
);

export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
