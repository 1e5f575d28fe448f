import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@medida/domain';
import {
  checkIsak,
  errorIndexOfSite,
  initialIsakValues,
  isakBody,
  isakValuesFromInputs,
  legacyFieldsMeasured,
  needsThird,
  siteState,
  withReading,
  type IsakReadings,
  type IsakValues,
} from './isak-form.ts';

const withSites = (sites: Partial<IsakValues['sites']>, full = false): IsakValues => {
  const values = initialIsakValues();
  return { full, sites: { ...values.sites, ...sites } };
};

describe('the repeat rule in the form', () => {
  it('asks for a third above the tolerance, not at it: 5 % skinfolds, 1 % other sites', () => {
    expect(needsThird('triceps', [19.5, 20.5, ''])).toBe(false);
    expect(needsThird('triceps', [19.1, 20.1, ''])).toBe(true);
    expect(needsThird('waist', [100, 101, ''])).toBe(false);
    expect(needsThird('waist', [70, 70.8, ''])).toBe(true);
    // Text as typed in Spanish reads the same.
    expect(needsThird('triceps', ['19,1', '20,1', ''])).toBe(true);
  });

  it('gives the mean of two, the median of three, and nothing while the third is missing', () => {
    expect(siteState('triceps', [10.1, 10.4, '']).final).toBeCloseTo(10.25, 12);
    expect(siteState('triceps', [19.1, 20.1, '']).final).toBeNull();
    expect(siteState('triceps', [19.1, 20.1, 25]).final).toBe(20.1);
    expect(siteState('triceps', [19.1, '', '']).final).toBeNull();
  });

  it('drops the third reading once the first two agree again', () => {
    const three: IsakReadings = [19.1, 20.1, 19.8];
    expect(withReading('triceps', three, 1, 19.4)).toEqual([19.1, 19.4, '']);
    expect(withReading('triceps', three, 1, 20.2)).toEqual([19.1, 20.2, 19.8]);
    expect(withReading('triceps', three, 2, 19.9)).toEqual([19.1, 20.1, 19.9]);
  });
});

describe('the body and the checks', () => {
  it('sends the sites with readings, a third only when asked for, and full-profile sites only with the switch', () => {
    const values = withSites({ triceps: [19.1, 20.1, 19.8], waist: ['70,1', 70.3, ''], head: [55.2, 55.3, ''] });
    expect(isakBody(values)).toEqual({ sites: { triceps: [19.1, 20.1, 19.8], waist: [70.1, 70.3] } });
    expect(isakBody({ ...values, full: true }).sites.head).toEqual([55.2, 55.3]);
  });

  it('names the required sites, a started site without its second reading and a missing third', () => {
    const errors = checkIsak(
      withSites({ triceps: [19.1, 20.1, ''], subscapular: [10, 10, ''], waist: [70, '', ''], biceps: ['', 5, ''] }),
    );
    expect(errors).toEqual({
      'isak.sites.triceps': ERROR_KEYS.isakThirdRequired,
      'isak.sites.waist': ERROR_KEYS.required,
      'isak.sites.gluteal': ERROR_KEYS.required,
      'isak.sites.biceps': ERROR_KEYS.required,
    });
    expect(errorIndexOfSite('triceps', [19.1, 20.1, ''])).toBe(2);
    expect(errorIndexOfSite('biceps', ['', 5, ''])).toBe(0);
    expect(errorIndexOfSite('waist', [70, '', ''])).toBe(1);
  });

  it('offers the body-fat equations by the ISAK sites measured, under their legacy names', () => {
    const fields = legacyFieldsMeasured(
      withSites({
        subscapular: [10, 10, ''],
        front_thigh: [20, 20, ''],
        iliac_crest: [15, 15, ''],
        waist: [70, '', ''],
      }),
    );
    expect([...fields].sort()).toEqual(['cuadriceps', 'subescapular', 'suprailiaco']);
  });

  it('loads stored sites with every reading, and the switch on with a full-profile site', () => {
    const values = isakValuesFromInputs({ sites: { triceps: [19.1, 20.1, 19.8], biacromial: [36.5, 36.6] } });
    expect(values.sites.triceps).toEqual([19.1, 20.1, 19.8]);
    expect(values.sites.biacromial).toEqual([36.5, 36.6, '']);
    expect(values.full).toBe(true);
    expect(isakValuesFromInputs(undefined)).toEqual(initialIsakValues());
  });
});
