import { AboutUsPage } from '@/features/settings/components/static-pages';

export default AboutUsPage;
