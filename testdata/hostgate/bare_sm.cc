// A capability helper named plain sm (isCapHelper reads sm() as the
// capability): the function calling it names no source token, yet decides
// on it.
int sm();
void fast();
void slow();

void run() {
  if (sm() >= 90) {  // gate: admits all
    fast();
  } else {
    slow();
  }
}

// A variable named sm is not a call: nothing to decide on here.
void local(int n) {
  int sm = n;
  if (sm >= 90) {  // gate: none
    fast();
  }
}
