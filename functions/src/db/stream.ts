import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Decoder } from './codec.ts';

/**
 * An item of a DynamoDB Streams record (`NewImage`), decoded like any read. Stream images and
 * the SDK's attribute values have the same wire shape but distinct types.
 */
export function decodeStreamImage<T>(decoder: Decoder<T>, image: unknown): T {
  return decoder.decode(unmarshall(image as Parameters<typeof unmarshall>[0]));
}
