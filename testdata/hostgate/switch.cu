// A switch over the SM version; 120 and 121 share a label body.
int getSMVersion(int device);
void k90();
void k100();
void k120();

void dispatch(int device) {
  switch (getSMVersion(device)) {  // gate: admits 9.0, 10.0, 12.0, 12.1
    case 90:
      k90();
      break;
    case 100:
      k100();
      break;
    case 120:
    case 121:
      k120();
      break;
    default:
      TORCH_CHECK(false, "no kernel for this device");
  }
}

// No default: unlisted capabilities continue after the switch.
void tune(int device) {
  int tile = 64;
  int sm = getSMVersion(device);
  switch (sm) {  // gate: admits all; branch 2 2 2 2 2 0 1 2 2 2 2
    case 90:
      tile = 128;
      break;
    case 100:
      tile = 256;
      break;
  }
  k90();
}

// Labels whose code is the same are one path: 12.0 gets what 8.0 gets.
int tile_rows(int device) {
  switch (getSMVersion(device)) {  // gate: admits all; branch 0 0 0 0 1 0 0 0 0 0 0
    case 80:
      return 4;
    case 89:
      return 16;
    default:
      return 4;
  }
}
