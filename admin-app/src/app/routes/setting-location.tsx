import { LocationPage } from '@/features/settings/components/location-page';

export default LocationPage;
