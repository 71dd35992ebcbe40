import { BadmintonLevelsPage } from '@/features/settings/components/static-pages';

export default BadmintonLevelsPage;
