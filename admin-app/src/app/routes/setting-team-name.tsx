import { TeamNamePage } from '@/features/settings/components/team-name-page';

export default TeamNamePage;
