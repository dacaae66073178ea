/** Before each test file: every fast-check property of the run takes the run's one seed. */
import fc from 'fast-check';
import { PROPERTY_SEED } from '../helpers/property.ts';

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: PROPERTY_SEED });
