import { Icon, icon, type IconProps } from '../../../components/icons';

// The player's own icons: in its chunk, not in the first load's shared icons.

export const PictureInPictureIcon = icon(
  'M21 10V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h5',
  <rect x="13" y="13" width="9" height="7" rx="1" />,
);

export const TheaterIcon = icon(<rect x="2" y="6" width="20" height="12" rx="2" />);

export const KeyboardIcon = icon(
  <rect x="2" y="5" width="20" height="14" rx="2" />,
  'M6 9h.01M10 9h.01M14 9h.01M18 9h.01M6 13h.01M18 13h.01M9 15h6',
);

/** The speaker both volume icons draw. */
const speaker = 'M11 5 6 9H3v6h3l5 4z';

export const VolumeIcon = icon(speaker, 'M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13');

export const VolumeOffIcon = icon(speaker, 'm22 9-6 6M16 9l6 6');

export const MaximizeIcon = icon(
  'M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3',
);

export const MinimizeIcon = icon(
  'M8 3v3a2 2 0 0 1-2 2H3M21 8h-3a2 2 0 0 1-2-2V3M3 16h3a2 2 0 0 1 2 2v3M16 21v-3a2 2 0 0 1 2-2h3',
);

export const SettingsIcon = icon(
  'M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6',
);

/** 'CC' in a frame; filled while captions show. */
export const CaptionsIcon = ({ isOn, ...p }: IconProps & { isOn: boolean }) => (
  <Icon {...p}>
    <rect
      x="2"
      y="5"
      width="20"
      height="14"
      rx="2"
      className={isOn ? 'fill-current/20' : undefined}
    />
    <path d="M10 10.5a2 2 0 1 0 0 3M17 10.5a2 2 0 1 0 0 3" />
  </Icon>
);
