import { MembersPage } from '@/features/members/components/members-page';

export default MembersPage;
