import { SettingsMenu } from '@/features/settings/components/settings-menu';

export default SettingsMenu;
