/**
 * Set up before every component test file. A screen's lazily loaded parts (a route's component, the
 * profile's further sections) are transformed by the test runner on their first import, the macro
 * compilation included; on a busy two-core machine that can take more than Testing Library's
 * default second, so `findBy…` and `waitFor` wait up to five.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
