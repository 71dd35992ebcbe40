import { describeAppLayering } from '@shuttle/shared/build/app-architecture.ts';

describeAppLayering('admin app', import.meta.dirname);
