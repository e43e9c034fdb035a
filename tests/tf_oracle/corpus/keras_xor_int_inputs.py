# mode: eager
# checks: the XOR Sequential with Dense(input_dim=2), binary crossentropy, Adam, accuracy metric, predict and evaluate
import numpy as np
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense

tf.keras.utils.set_random_seed(1)
model = Sequential()
model.add(Dense(8, input_dim=2, activation='relu'))
model.add(Dense(1, activation='sigmoid'))
model.compile(loss='binary_crossentropy', optimizer='adam', metrics=['accuracy'])
X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
Y = np.array([[0], [1], [1], [0]])
model.fit(X, Y, epochs=20, batch_size=4, verbose=0)
print(model.predict(X, verbose=0))
print(model.evaluate(X, Y, verbose=0))
