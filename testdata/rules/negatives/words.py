# Negative fixture: lists of numbers beside names that only look like
# architecture names (a sentence with "bismuth", "success", a count of SMs).
# Written for archlint.
SPANS = {"It is 85 to 99% tin, with antimony and bismuth.": [96, 100]}
success_codes = [80, 90]
num_sms = [132, 148]
