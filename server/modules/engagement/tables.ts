// Tables of the engagement module.
export {};
