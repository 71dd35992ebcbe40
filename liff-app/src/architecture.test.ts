import { describeAppLayering } from '@shuttle/shared/build/app-architecture.ts';

describeAppLayering('member app', import.meta.dirname);
