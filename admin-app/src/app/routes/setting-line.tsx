import { LinePage } from '@/features/settings/components/line-page';

export default LinePage;
