/** docs/product.md §2/§4: a topic handed to the generator from elsewhere (the ideas bank) waits here. */
export const selectedTopicKey = 'selectedTopic';
