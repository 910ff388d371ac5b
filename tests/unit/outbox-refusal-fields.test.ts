/**
 * A refusal the provider words without naming a field ("Invalid Country Code") is put under the param it is
 * about, from the kind's definition (refusalFields), so the fix form shows it there and focuses that field.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/api/errors.js';
import { classifySendFailure } from '../../electron/core/outbox/failure.js';
import { refusalIssues } from '../../shared/outbox/definitions.js';

const refused = (operation: string, message: string, issues: { field: string; message: string }[] = []) =>
  new ApiError({ kind: 'rejected', operation, message, status: 200, issues });

describe('refusals put under the field they name', () => {
  it('maps a contact refusal in words to its field', () => {
    const failure = classifySendFailure('update-contact', refused('update-contact', 'Invalid Country Code'));
    expect(failure).toEqual({ action: 'fail', problem: { kind: 'rejected', message: 'Invalid Country Code', issues: [{ field: 'country', message: 'Invalid Country Code' }] } });
    expect(refusalIssues('add-contact', 'Invalid Email Address')).toEqual([{ field: 'email', message: 'Invalid Email Address' }]);
    expect(refusalIssues('add-order', 'Invalid Payment Method')).toEqual([{ field: 'paymentmethod', message: 'Invalid Payment Method' }]);
  });

  it('keeps the provider’s own field issues, and leaves a refusal that names no field general', () => {
    const own = classifySendFailure('update-contact', refused('update-contact', 'bad', [{ field: 'city', message: 'too long' }]));
    expect(own.problem.issues).toEqual([{ field: 'city', message: 'too long' }]);
    const general = classifySendFailure('update-contact', refused('update-contact', 'Contact ID Not Found'));
    expect(general.problem).not.toHaveProperty('issues');
    // Only refusals: a network failure's words are not a field's.
    const network = classifySendFailure('update-contact', new ApiError({ kind: 'network', operation: 'update-contact', message: 'country unreachable' }));
    expect(network.problem).not.toHaveProperty('issues');
  });
});
