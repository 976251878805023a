// Tests generated from Specs/.
