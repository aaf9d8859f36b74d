// Request schemas for this resource are added with its feature.
export {};
