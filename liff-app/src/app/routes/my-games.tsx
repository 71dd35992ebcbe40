import { MyGamesPage } from '@/features/settings/components/my-games-page';

export default MyGamesPage;
