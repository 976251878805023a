// Operators generated from Specs/.
